"use client";

import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { passkeyErrorMessage } from "@/components/auth/passkey-sign-in-button";
import { Field } from "@/components/ui/field";
import { PASSKEY_REGISTER_FAILED_MESSAGE, type PasskeyStepResult } from "@/lib/auth/passkeys/schemas";

/**
 * Registers a passkey: a name for it, then the browser creates it (PIN or biometrics required).
 * When `finish` names where to go next (the enrolment at sign-in) the browser goes there;
 * otherwise (the account page) the page is refreshed to list it.
 */
export function PasskeyRegistration({
  begin,
  finish,
  idPrefix = "passkey",
}: {
  begin: (name: string) => Promise<PasskeyStepResult<PublicKeyCredentialCreationOptionsJSON>>;
  finish: (name: string, response: unknown) => Promise<PasskeyStepResult<{ next: string } | undefined>>;
  idPrefix?: string;
}) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [registered, setRegistered] = useState(false);
  const [pending, startTransition] = useTransition();

  function register(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setRegistered(false);
    startTransition(async () => {
      if (!browserSupportsWebAuthn()) {
        setError("Este navegador não aceita chaves de acesso.");
        return;
      }
      try {
        const options = await begin(name);
        if (!options.ok) return setError(options.error);
        const response = await startRegistration({ optionsJSON: options.data });
        const result = await finish(name, response);
        if (!result.ok) return setError(result.error);
        if (result.data?.next) return window.location.assign(result.data.next);
        setRegistered(true);
        setName("");
        router.refresh();
      } catch (caught) {
        setError(passkeyErrorMessage(caught, PASSKEY_REGISTER_FAILED_MESSAGE));
      }
    });
  }

  return (
    <form onSubmit={register} noValidate aria-label="Registrar chave de acesso">
      {registered ? (
        <p className="alert alert-success" role="status">
          Chave de acesso registrada.
        </p>
      ) : null}
      <Field
        name="name"
        id={`${idPrefix}-name`}
        label="Nome da chave de acesso"
        hint="Para reconhecê-la depois: “MacBook”, “Celular”, “Chave USB”."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Aguardando a chave de acesso…" : "Registrar chave de acesso"}
      </button>
    </form>
  );
}
