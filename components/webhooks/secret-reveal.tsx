"use client";

import { useEffect, useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** A signing secret shown once, focused so that it is announced, with a copy button. */
export function SecretReveal({
  title,
  secret,
  children,
}: {
  title: string;
  secret: string;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="alert alert-success" role="status" tabIndex={-1} ref={ref}>
      <p style={{ marginTop: 0 }}>
        <strong>{title}</strong> Copie agora: ele não será mostrado de novo.
      </p>
      <label htmlFor="signing-secret" className="label">
        Segredo de assinatura
      </label>
      <input
        id="signing-secret"
        className="code"
        readOnly
        value={secret}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div style={{ marginTop: "0.5rem" }}>
        <CopyButton value={secret} label="Copiar segredo" />
      </div>
      {children}
    </div>
  );
}
