"use client";

import { type ReactNode, useEffect, useRef } from "react";
import type { FieldErrors } from "@/lib/forms/action-result";

/**
 * Focuses the field with this id; a group (fieldset), which cannot take the focus, hands it to its
 * first control. False when there is nothing there to focus.
 */
function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const control = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector<HTMLElement>("input, select, textarea, button");
  (control ?? target).focus();
  return true;
}

/** Moves the focus to the first field with an error, in the order of `order` (the form's order). */
export function focusFirstError(
  fieldErrors: FieldErrors,
  order: readonly string[],
  idOf = (name: string) => name,
) {
  const first = order.find((name) => fieldErrors[name]);
  if (first) focusField(idOf(first));
}

function countText(count: number) {
  return count === 1 ? "1 campo precisa de revisão:" : `${count} campos precisam de revisão:`;
}

/**
 * The answer of a submit, focused when it arrives: a success message, or the error with a list of
 * links to the fields concerned (each link focuses its field). `labels` gives the order and names.
 */
export function FormResult({
  result,
  success,
  labels = {},
  idOf = (name) => name,
  focusOn,
}: {
  result: { ok: true } | { ok: false; error: string; fieldErrors: FieldErrors } | null | undefined;
  success?: ReactNode;
  labels?: Record<string, string>;
  idOf?: (name: string) => string;
  /** What a change of moves the focus here (default: the result itself; `null`: never). */
  focusOn?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const trigger = focusOn === undefined ? result : focusOn;
  useEffect(() => {
    if (trigger) ref.current?.focus();
  }, [trigger]);
  if (!result) return null;
  if (result.ok) {
    return success ? (
      <div ref={ref} tabIndex={-1} className="alert alert-success" role="status">
        {success}
      </div>
    ) : null;
  }
  const named = Object.keys(labels);
  const fields = Object.keys(result.fieldErrors)
    .filter((name) => result.fieldErrors[name])
    .sort((a, b) => (named.indexOf(a) + 1 || Infinity) - (named.indexOf(b) + 1 || Infinity));
  return (
    <div ref={ref} tabIndex={-1} className="alert alert-error" role="alert">
      <p>{result.error}</p>
      {fields.length > 0 ? (
        <>
          <p>{countText(fields.length)}</p>
          <ul className="error-summary">
            {fields.map((name) => (
              <li key={name}>
                <a
                  href={`#${idOf(name)}`}
                  onClick={(event) => {
                    if (focusField(idOf(name))) event.preventDefault();
                  }}
                >
                  {labels[name] ?? name}: {result.fieldErrors[name]}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
