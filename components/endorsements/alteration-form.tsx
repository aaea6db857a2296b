"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormResult } from "@/components/ui/form-result";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  ALTERATION_TYPE_LABELS,
  type AlterationType,
  ENDORSEMENT_FORM_LABELS,
  type EndorsementFormField,
  type EndorsementFormInput,
  type EndorsementFormOutput,
  endorsementFormSchema,
  type RegistrationField,
} from "@/lib/endorsements/portal-form";
import type {
  EndorsementIssueResult,
  EndorsementPreviewResult,
  IssuedEndorsementView,
  PolicyPageView,
} from "@/lib/policy-page/page-view";
import { FormDisclosure } from "./form-disclosure";
import { PreviewConfirmation } from "./preview-confirmation";
import { useEndorsementPreview } from "./use-endorsement-preview";

type Alteration = NonNullable<PolicyPageView["alteration"]>;

const idOf = (name: string) => `endorsement-${name}`;

const REGISTRATION_INPUTS: { name: RegistrationField; type?: string; autoComplete?: string; max: number }[] =
  [
    { name: "insuredName", max: 200 },
    { name: "insuredEmail", type: "email", max: 200 },
    { name: "insuredCellphone", type: "tel", max: 30 },
    { name: "zipCode", max: 9 },
    { name: "street", max: 200 },
    { name: "number", max: 20 },
    { name: "complement", max: 100 },
    { name: "neighborhood", max: 100 },
    { name: "city", max: 100 },
    { name: "state", max: 2 },
  ];

const DUE_DAYS = Array.from({ length: 20 }, (_, i) => String(i + 1));

function issuedText(issued: IssuedEndorsementView) {
  return `Endosso (${issued.typeText.toLowerCase()}) emitido. A apólice está na versão ${issued.policyVersion}.`;
}

/**
 * "Alterar apólice": the insured's data, the coverage or the boletos' due day, from an effective
 * date; "Ver prévia" stores a preview (the service's Draft) and shows it; "Confirmar endosso"
 * issues it, and the page shows the new version.
 */
export function AlterationForm({
  alteration,
  currentInstallments,
  previewAction,
  issueAction,
}: {
  alteration: Alteration;
  currentInstallments: Record<number, number>;
  previewAction: (input: EndorsementFormInput) => Promise<EndorsementPreviewResult<EndorsementFormField>>;
  issueAction: (endorsementIdentifier: string) => Promise<EndorsementIssueResult>;
}) {
  const types: AlterationType[] = [
    "REGISTRATION",
    ...(alteration.coverage ? (["COVERAGE"] as const) : []),
    ...(alteration.dueDayEditable ? (["PAYMENT"] as const) : []),
  ];
  const form = useForm<EndorsementFormInput, unknown, EndorsementFormOutput>({
    resolver: zodResolver(endorsementFormSchema),
    defaultValues: {
      type: types.includes("COVERAGE") ? "COVERAGE" : "REGISTRATION",
      effectiveDate: alteration.dates.initial,
      ...alteration.registration,
      limit: "",
      deductible: "",
      dueDay: "",
    },
  });
  const { pending, result, preview, issueResult, previewRef, issuedRef, onSubmit, confirm, discard } =
    useEndorsementPreview({
      form,
      previewAction,
      issueAction,
      onIssued: () => form.reset({ ...form.getValues(), limit: "", deductible: "", dueDay: "" }),
    });
  const errors = form.formState.errors;
  const type = form.watch("type");

  const field = (name: EndorsementFormField, render: (props: object) => React.ReactNode, hint?: string) => (
    <Field
      key={name}
      name={name}
      id={idOf(name)}
      label={ENDORSEMENT_FORM_LABELS[name]}
      hint={hint}
      error={errors[name]?.message}
    >
      {({ name: _name, ...control }) => render({ ...control, ...form.register(name) })}
    </Field>
  );

  return (
    <FormDisclosure summary="Alterar apólice" testId="policy-alteration">
      {issueResult?.ok ? (
        <div
          ref={issuedRef}
          tabIndex={-1}
          className="alert alert-success"
          role="status"
          data-testid="endorsement-issued"
        >
          {issuedText(issueResult.data)}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Alterar apólice">
        {preview ? (
          <PreviewConfirmation
            preview={preview}
            previewRef={previewRef}
            currentInstallments={currentInstallments}
            title="Prévia do endosso"
            issueResult={issueResult}
            pending={pending}
            confirmLabel="Confirmar endosso"
            confirmPendingLabel="Emitindo…"
            confirmVariant="primary"
            backLabel="Descartar"
            onConfirm={confirm}
            onBack={discard}
          />
        ) : (
          <>
            <FormResult result={result} labels={ENDORSEMENT_FORM_LABELS} idOf={idOf} />
            <p className="muted">
              A alteração é um endosso: confira a prévia (diferença de prêmio, devolução, comissão e parcelas)
              antes de confirmar.
            </p>
            {field("type", (props) => (
              <select {...props}>
                {types.map((value) => (
                  <option key={value} value={value}>
                    {ALTERATION_TYPE_LABELS[value]}
                  </option>
                ))}
              </select>
            ))}
            {field(
              "effectiveDate",
              (props) => (
                <input type="date" min={alteration.dates.min} max={alteration.dates.max} {...props} />
              ),
              "A partir de hoje e dentro da vigência.",
            )}
            {type === "REGISTRATION" ? (
              <fieldset className="field-group">
                <legend>Dados do segurado</legend>
                <p className="hint">Altere só o que muda; o CPF/CNPJ não pode ser alterado.</p>
                {REGISTRATION_INPUTS.map((input) =>
                  field(input.name, (props) => (
                    <input type={input.type ?? "text"} maxLength={input.max} autoComplete="off" {...props} />
                  )),
                )}
              </fieldset>
            ) : null}
            {type === "COVERAGE" && alteration.coverage ? (
              <>
                {alteration.coverage.limits.length
                  ? field("limit", (props) => (
                      <select {...props}>
                        <option value="">Manter o atual</option>
                        {alteration.coverage!.limits.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    ))
                  : null}
                {alteration.coverage.deductibles.length
                  ? field("deductible", (props) => (
                      <select {...props}>
                        <option value="">Manter a atual</option>
                        {alteration.coverage!.deductibles.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    ))
                  : null}
              </>
            ) : null}
            {type === "PAYMENT"
              ? field(
                  "dueDay",
                  (props) => (
                    <select {...props}>
                      <option value="">Escolha o dia</option>
                      {DUE_DAYS.map((day) => (
                        <option key={day} value={day}>
                          {day}
                        </option>
                      ))}
                    </select>
                  ),
                  "Vale para os boletos pendentes, mês a mês.",
                )
              : null}
            <SubmitButton pending={pending} pendingLabel="Calculando…">
              Ver prévia
            </SubmitButton>
          </>
        )}
      </form>
    </FormDisclosure>
  );
}
