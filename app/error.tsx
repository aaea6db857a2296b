"use client";

import { useEffect } from "react";
import { ErrorSummary } from "@/components/layout/error-summary";

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
        <ErrorSummary digest={error.digest} />
        <button type="button" className="btn btn-primary" onClick={reset}>
          Tentar de novo
        </button>
      </div>
    </main>
  );
}
