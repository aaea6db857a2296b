"use client";

import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { useState, useTransition } from "react";
import { PASSKEY_FAILED_MESSAGE, type PasskeyStepResult } from "@/lib/auth/passkeys/schemas";

/** What the browser's refusal means to the person (they closed the prompt, or no passkey here). */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError")
    return `${fallback} A operação foi cancelada ou o tempo acabou.`;
  if (name === "InvalidStateError") return "Esta chave de acesso já está registrada nesta conta.";
  return fallback;
}

/**
 * "Entrar com chave de acesso": asks the browser for a passkey of this site (none named: the
 * authenticator offers its own), sends the answer to `finish` and goes where it says.
 */
export function PasskeySignInButton({
  begin,
  finish,
  callbackUrl,
  label = "Entrar com chave de acesso",
}: {
  begin: () => Promise<PasskeyStepResult<PublicKeyCredentialRequestOptionsJSON>>;
  finish: (response: unknown, callbackUrl?: string) => Promise<PasskeyStepResult<{ next: string }>>;
  callbackUrl?: string;
  label?: string;
}) {
  const [error, setError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();

  function signIn() {
    setError(undefined);
    startTransition(async () => {
      if (!browserSupportsWebAuthn()) {
        setError("Este navegador não aceita chaves de acesso.");
        return;
      }
      try {
        const options = await begin();
        if (!options.ok) return setError(options.error);
        const response = await startAuthentication({ optionsJSON: options.data });
        const result = await finish(response, callbackUrl);
        if (!result.ok) return setError(result.error);
        window.location.assign(result.data.next);
      } catch (caught) {
        setError(passkeyErrorMessage(caught, PASSKEY_FAILED_MESSAGE));
      }
    });
  }

  return (
    <div className="passkey-action">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={signIn}
        disabled={pending}
        style={{ width: "100%" }}
      >
        {pending ? "Aguardando a chave de acesso…" : label}
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
