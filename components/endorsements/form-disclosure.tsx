"use client";

import { type ReactNode, useState } from "react";

/** The card that folds an endorsement form away under its `summary`, closed at first. */
export function FormDisclosure({
  summary,
  testId,
  children,
}: {
  summary: string;
  testId: string;
  children: ReactNode;
}) {
  // Open while the user keeps it so (a discarded preview goes back to the form, still open).
  const [open, setOpen] = useState(false);
  return (
    <details
      className="card"
      style={{ marginTop: "1rem" }}
      data-testid={testId}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
