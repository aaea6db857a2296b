"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type {
  EndorsementIssueResult,
  EndorsementPreviewResult,
  EndorsementPreviewView,
} from "@/lib/policy-page/page-view";
import { reviewFields } from "./review-fields";

/**
 * The preview → confirm flow of the policy page's endorsement forms. `onSubmit` checks the form,
 * asks `previewAction` for a preview (the service's Draft) and shows it, or puts the server's field
 * errors on the form; `confirm` issues the shown preview with `issueAction`; `discard` goes back to
 * the form. The preview takes the focus when it opens (`previewRef`), the issued notice when the
 * endorsement is issued (`issuedRef`).
 *
 * With `onIssued`, an issued preview closes and `onIssued` runs (the form stays, ready for the next
 * one); without it the preview stays until the page, refreshed by the action, drops the form.
 */
export function useEndorsementPreview<Input extends FieldValues, Output, Field extends FieldPath<Input>>({
  form,
  previewAction,
  issueAction,
  onIssued,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  previewAction: (input: Input) => Promise<EndorsementPreviewResult<Field>>;
  issueAction: (endorsementIdentifier: string) => Promise<EndorsementIssueResult>;
  onIssued?: () => void;
}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<EndorsementPreviewResult<Field> | null>(null);
  const [preview, setPreview] = useState<EndorsementPreviewView | null>(null);
  const [issueResult, setIssueResult] = useState<EndorsementIssueResult | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const issuedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (preview) previewRef.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (issueResult?.ok) issuedRef.current?.focus();
  }, [issueResult]);

  const onSubmit = form.handleSubmit(
    (_parsed, event) => {
      event?.preventDefault();
      const values = form.getValues();
      setIssueResult(null);
      startTransition(async () => {
        const answer = await previewAction(values);
        if (answer.ok) {
          setResult(null);
          setPreview(answer.data);
          return;
        }
        setResult(answer);
        const fieldErrors: Partial<Record<string, string>> = answer.fieldErrors;
        for (const [field, message] of Object.entries(fieldErrors)) {
          form.setError(field as Field, { type: "server", message });
        }
      });
    },
    (invalid) => setResult(reviewFields<Field>(invalid)),
  );

  const confirm = () => {
    if (!preview) return;
    startTransition(async () => {
      const answer = await issueAction(preview.endorsementIdentifier);
      setIssueResult(answer);
      if (answer.ok && onIssued) {
        setPreview(null);
        onIssued();
      }
    });
  };

  const discard = () => {
    setPreview(null);
    setIssueResult(null);
  };

  return { pending, result, preview, issueResult, previewRef, issuedRef, onSubmit, confirm, discard };
}
