"use client";

import { AlertDialog as Primitive } from "radix-ui";
import type { ReactNode } from "react";

/**
 * A confirmation dialog over Radix AlertDialog (focus trap, Esc, focus return, labelled by its
 * title and description). `trigger` is the button that opens it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancelar",
  onConfirm,
  destructive = false,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
}) {
  return (
    <Primitive.Root>
      <Primitive.Trigger asChild>{trigger}</Primitive.Trigger>
      <Primitive.Portal>
        <Primitive.Overlay className="dialog-overlay" />
        <Primitive.Content className="dialog-content">
          <Primitive.Title asChild>
            <h2>{title}</h2>
          </Primitive.Title>
          <Primitive.Description asChild>
            <p>{description}</p>
          </Primitive.Description>
          <div className="form-actions" style={{ justifyContent: "flex-end" }}>
            <Primitive.Cancel asChild>
              <button type="button" className="btn btn-secondary">
                {cancelLabel}
              </button>
            </Primitive.Cancel>
            <Primitive.Action asChild>
              <button
                type="button"
                className={`btn ${destructive ? "btn-danger" : "btn-primary"}`}
                onClick={onConfirm}
              >
                {confirmLabel}
              </button>
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
