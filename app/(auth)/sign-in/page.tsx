import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PasskeySignInButton } from "@/components/auth/passkey-sign-in-button";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getCurrentUser } from "@/lib/auth/session";
import { signInAction } from "../actions";
import { beginPasskeySignInAction, finishPasskeySignInAction } from "../passkey-actions";

export const metadata: Metadata = { title: "Entrar" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await getCurrentUser()) redirect("/");
  const params = await searchParams;
  const callbackUrl = typeof params.callbackUrl === "string" ? params.callbackUrl : undefined;
  return (
    <div className="card auth-card">
      <h1>Portal do Corretor</h1>
      <p className="muted">Entre com o e-mail e a senha da sua corretora.</p>
      {params.signedOut || params.sessionsEnded ? (
        <p className="alert alert-info" role="status">
          {params.sessionsEnded ? "Suas sessões foram encerradas. Entre de novo." : "Você saiu do portal."}
        </p>
      ) : null}
      {params.passwordReset ? (
        <p className="alert alert-success" role="status">
          Senha redefinida. Todas as sessões abertas com a sua conta foram encerradas: entre com a nova senha.
        </p>
      ) : null}
      {params.emailChanged ? (
        <p className="alert alert-success" role="status">
          E-mail alterado. Entre com o novo e-mail.
        </p>
      ) : null}
      {params.secondFactorExpired ? (
        <p className="alert alert-info" role="status">
          O tempo para informar o segundo fator acabou. Entre de novo com e-mail e senha.
        </p>
      ) : null}
      <SignInForm action={signInAction} callbackUrl={callbackUrl} />
      <p className="muted" style={{ textAlign: "center" }}>
        ou
      </p>
      <PasskeySignInButton
        begin={beginPasskeySignInAction}
        finish={finishPasskeySignInAction}
        callbackUrl={callbackUrl}
      />
    </div>
  );
}
