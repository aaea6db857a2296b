import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Acesso restrito" };

export default function ForbiddenPage() {
  return (
    <div className="card">
      <h1>Acesso restrito</h1>
      <p>Esta área é só para administradores da corretora. Peça acesso a um administrador.</p>
      <Link href="/policies" className="btn btn-primary">
        Voltar para as apólices
      </Link>
    </div>
  );
}
