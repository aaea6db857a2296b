import type { Metadata } from "next";
import Link from "next/link";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { getDb } from "@/db/index";
import { findEmailChangeLink } from "@/lib/accounts/email-change";
import { EMAIL_LINK_INVALID_MESSAGE } from "@/lib/accounts/email-change-schema";
import { confirmEmailAction } from "../../recovery-actions";

export const metadata: Metadata = { title: "Confirmar novo e-mail", robots: { index: false } };

/** The link sent to a new address: a button confirms the change (nothing changes on opening it). */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const change = await findEmailChangeLink(await getDb(), token);
  if (!change) {
    return (
      <div className="card auth-card">
        <h1>Link inválido ou expirado</h1>
        <p>{EMAIL_LINK_INVALID_MESSAGE}</p>
        <p>
          <Link href="/account">Ir para Minha conta</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>Confirmar novo e-mail</h1>
      <p>
        Ao confirmar, você passa a entrar no portal com <strong>{change.newEmail}</strong> no lugar de{" "}
        {change.currentEmail}. O endereço anterior recebe um aviso da troca.
      </p>
      <ConfirmEmailForm action={confirmEmailAction} token={token} />
    </div>
  );
}
