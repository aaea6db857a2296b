import type { ReactNode, RefObject } from "react";
import type { EndorsementIssueResult, EndorsementPreviewView } from "@/lib/policy-page/page-view";
import { EndorsementPreview } from "./endorsement-preview";

/**
 * A form's preview step: the preview (focused when it opens), the confirmation's error, and the
 * confirm and back buttons. `notice` goes above them (e.g. that a cancellation cannot be undone).
 */
export function PreviewConfirmation({
  preview,
  previewRef,
  currentInstallments,
  title,
  notice,
  issueResult,
  pending,
  confirmLabel,
  confirmPendingLabel,
  confirmVariant,
  backLabel,
  onConfirm,
  onBack,
}: {
  preview: EndorsementPreviewView;
  previewRef: RefObject<HTMLDivElement | null>;
  currentInstallments: Record<number, number>;
  title: string;
  notice?: ReactNode;
  issueResult: EndorsementIssueResult | null;
  pending: boolean;
  confirmLabel: string;
  confirmPendingLabel: string;
  confirmVariant: "primary" | "danger";
  backLabel: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div ref={previewRef} tabIndex={-1}>
      <EndorsementPreview
        preview={preview}
        currentInstallments={currentInstallments}
        title={title}
        actions={
          <>
            {notice}
            {issueResult && !issueResult.ok ? (
              <div className="alert alert-error" role="alert">
                {issueResult.error}
              </div>
            ) : null}
            <div className="form-actions">
              <button
                type="button"
                className={`btn btn-${confirmVariant}`}
                disabled={pending}
                onClick={onConfirm}
              >
                {pending ? confirmPendingLabel : confirmLabel}
              </button>
              <button type="button" className="btn btn-secondary" disabled={pending} onClick={onBack}>
                {backLabel}
              </button>
            </div>
          </>
        }
      />
    </div>
  );
}
