import Link from "next/link";

export default function NotFound() {
  return (
    <main className="auth-shell">
      <div className="card auth-card">
        <h1>Página não encontrada</h1>
        <p>O endereço não existe ou você não tem acesso a ele.</p>
        <Link href="/policies" className="btn btn-primary">
          Ir para as apólices
        </Link>
      </div>
    </main>
  );
}
