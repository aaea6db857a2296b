"use client";

import { useEffect } from "react";

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="auth-shell">
      <div className="card auth-card" role="alert">
        <h1>Algo deu errado</h1>
        <p>Não foi possível carregar esta página. Tente de novo em instantes.</p>
        {error.digest ? <p className="muted">Código do erro: {error.digest}</p> : null}
        <button type="button" className="btn btn-primary" onClick={reset}>
          Tentar de novo
        </button>
      </div>
    </main>
  );
}
