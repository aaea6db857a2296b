import type { ReactNode } from "react";

/** A form's submit button in its actions row; says what it is doing while the submit runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  variant = "primary",
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  variant?: "primary" | "danger";
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className={`btn btn-${variant}`} disabled={pending}>
        {pending ? pendingLabel : children}
      </button>
    </div>
  );
}
