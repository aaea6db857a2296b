import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { getDb } from "@/db/index";
import { findPasswordResetLink } from "@/lib/accounts/password-reset";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/accounts/password-reset-schema";
import { resetPasswordAction } from "../../recovery-actions";

export const metadata: Metadata = { title: "Criar nova senha", robots: { index: false } };

/** The link of a password-reset e-mail: the form while the link works, else a way to ask again. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await findPasswordResetLink(await getDb(), token);
  if (!link) {
    return (
      <div className="card auth-card">
        <h1>Link inválido ou expirado</h1>
        <p>
          Este link para criar uma nova senha não vale mais: ele expira em {PASSWORD_RESET_TTL_MINUTES}{" "}
          minutos, só pode ser usado uma vez e deixa de valer quando outro é pedido.
        </p>
        <p>
          <Link href="/forgot-password" className="btn btn-primary">
            Pedir um novo link
          </Link>
        </p>
        <p>
          <Link href="/sign-in">Voltar para a entrada</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>Criar nova senha</h1>
      <p className="muted">
        Nova senha para {link.email}. Ao salvar, todas as sessões abertas com esta conta são encerradas e as
        chaves de acesso registradas a partir delas são removidas.
      </p>
      <ResetPasswordForm action={resetPasswordAction} token={token} />
    </div>
  );
}
