"use client";

import Link from "next/link";
import { useEffect } from "react";

/** Errors inside the portal keep the header and navigation. */
export default function PortalError({
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
    <div className="card" role="alert">
      <h1>Algo deu errado</h1>
      <p>Não foi possível carregar esta página. Tente de novo em instantes.</p>
      {error.digest ? <p className="muted">Código do erro: {error.digest}</p> : null}
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={reset}>
          Tentar de novo
        </button>
        <Link href="/policies" className="btn btn-secondary">
          Ir para as apólices
        </Link>
      </div>
    </div>
  );
}
