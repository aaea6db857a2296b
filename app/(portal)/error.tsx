"use client";

import Link from "next/link";
import { useEffect } from "react";
import { ErrorSummary } from "@/components/layout/error-summary";

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
      <ErrorSummary digest={error.digest} />
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
