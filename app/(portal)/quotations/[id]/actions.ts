"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { actionFailure, UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { describeApiError } from "@/lib/http/api-error-messages";
import type { LaterStartState } from "@/lib/quotations/later-start";
import { requoteWithStoredAnswers } from "@/lib/quotations/stored-answers";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Re-quotes the quotation with a new START-VIGENCY-DATE (the catalogue checks its bounds), then reopens it. */
export async function requoteWithStartAction(
  quotationId: string,
  _state: LaterStartState,
  form: FormData,
): Promise<LaterStartState> {
  if (!(form instanceof FormData)) return actionFailure(UNREADABLE_FORM_MESSAGE);
  const user = await requireUser();
  const startDay = form.get("startDay");
  if (typeof startDay !== "string") return actionFailure(UNREADABLE_FORM_MESSAGE);
  if (!DAY.test(startDay)) {
    return actionFailure("Revise a data de início.", {
      startDay: "Informe a nova data de início da vigência.",
    });
  }
  try {
    await requoteWithStoredAnswers(
      await getDb(),
      { id: user.brokerId, registerNumber: user.registerNumber },
      quotationId,
      new Date(),
      startDay,
    );
  } catch (error) {
    const described = describeApiError(error);
    if (!described) throw error;
    return described.properties.includes("START-VIGENCY-DATE")
      ? actionFailure("Revise a data de início.", {
          startDay: "A vigência pode começar de hoje até 90 dias à frente.",
        })
      : actionFailure(described.message);
  }
  redirect(`/quotations/${quotationId}`);
}
