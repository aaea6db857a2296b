import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Acesso restrito" };

export default function ForbiddenPage() {
  return (
    <div className="card">
      <h1>Acesso restrito</h1>
      <p>Seu perfil não dá acesso a esta área. Peça acesso a um administrador da corretora.</p>
      <Link href="/policies" className="btn btn-primary">
        Voltar para as apólices
      </Link>
    </div>
  );
}
