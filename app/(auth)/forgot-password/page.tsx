import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/accounts/password-reset-schema";
import { forgotPasswordAction } from "../recovery-actions";

export const metadata: Metadata = { title: "Esqueci minha senha", robots: { index: false } };

export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  return (
    <div className="card auth-card">
      <h1>Esqueci minha senha</h1>
      {params.link === "invalid" ? (
        <p className="alert alert-info" role="status">
          Este link para criar uma nova senha não vale mais: ele expira em {PASSWORD_RESET_TTL_MINUTES}{" "}
          minutos, só pode ser usado uma vez e deixa de valer quando outro é pedido. Peça um novo abaixo.
        </p>
      ) : null}
      <p className="muted">
        Informe o e-mail com que você entra no portal. Enviaremos um link para criar uma nova senha.
      </p>
      <ForgotPasswordForm action={forgotPasswordAction} />
      <p style={{ textAlign: "center" }}>
        <Link href="/sign-in">Voltar para a entrada</Link>
      </p>
    </div>
  );
}
