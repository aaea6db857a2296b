"use client";

import { Field } from "@/components/ui/field";

/**
 * The code input of the second-factor forms. `totp`: the six digits of the app; `any`: the app's
 * code or a recovery code (xxxxx-xxxxx).
 */
export function CodeField({
  id,
  label,
  kind,
  hint,
  error,
  autoFocus,
}: {
  id?: string;
  label: string;
  kind: "totp" | "any";
  hint?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field name="code" id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={kind === "totp" ? "numeric" : undefined}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={kind === "totp" ? 7 : 40}
          required
          // biome-ignore lint/a11y/noAutofocus: only where the field is the step's one thing to do
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}
