"use client";

import { useState } from "react";

/** Copies `value` to the clipboard and says so (politely announced). */
export function CopyButton({
  value,
  label = "Copiar",
  copiedText = "Copiada!",
}: {
  value: string;
  label?: string;
  copiedText?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <span className="row">
      <button type="button" className="btn btn-secondary btn-sm" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted">
        {state === "copied"
          ? copiedText
          : state === "failed"
            ? "Não foi possível copiar; selecione e copie."
            : ""}
      </span>
    </span>
  );
}
