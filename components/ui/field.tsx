import type { ReactNode } from "react";

/** What the control of a field spreads: its id and name, and the state screen readers announce. */
export type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FieldProps = {
  name: string;
  /** The control's id, when it is not the name (several forms on one page). */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function controlProps(id: string, name: string, hint: ReactNode, error: string | undefined): ControlProps {
  const described = describedBy(id, hint, error);
  return {
    id,
    name,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(described ? { "aria-describedby": described } : {}),
  };
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * One form field: label, control, hint and error, the control described by both and marked invalid
 * with the error. `children` renders the control from the props it must spread.
 */
export function Field({
  name,
  id = name,
  label,
  hint,
  error,
  className,
  layout = "stacked",
  children,
}: FieldProps & {
  /** "checkbox": one checkbox with its label after it (a consent). */
  layout?: "stacked" | "checkbox";
  children: (control: ControlProps) => ReactNode;
}) {
  const control = children(controlProps(id, name, hint, error));
  return (
    <div className={className ? `field ${className}` : "field"}>
      {layout === "checkbox" ? (
        <label className="choice" htmlFor={id}>
          {control}
          {label}
        </label>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {control}
        </>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A group of radios or checkboxes under one legend; the error and hint describe the group, and
 * `id` is where an error summary's link lands.
 */
export function FieldGroup({
  name,
  id = name,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <fieldset
      id={id}
      className={className ? `field-group ${className}` : "field-group"}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend>{label}</legend>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}
