// POST /api/payments/pix/webhook: the PSP's notices of received Pix (docs/pix.md). No API key: the
// notice is signed (x-pix-signature) by the sandbox PSP; real PSPs are authenticated by mutual TLS
// at the proxy. Throttled per client address; refused notices are logged (rate-limited).
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { errorToResponse } from "@/lib/api/with-api";
import { clientIp } from "@/lib/http/client-address";
import { ApiError } from "@/lib/http/errors";
import { MAX_BODY_BYTES, readBodyUpTo } from "@/lib/http/request";
import { requestIdOf } from "@/lib/http/request-id";
import { jsonResponse } from "@/lib/http/responses";
import { PixNoticeNotAuthenticError } from "@/lib/payments/pix/notice-auth";
import { PixNoticeMalformedError } from "@/lib/payments/pix/notice-schema";
import { logIfRefusedNotice } from "@/lib/payments/pix/refused-notices";
import { receivePixNotice } from "@/lib/payments/pix/settlement";
import { enforceWindow } from "@/lib/rate-limit";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: async (request) => {
    const requestId = requestIdOf(request.headers);
    const headers = { "X-Request-Id": requestId };
    const clientAddress = clientIp(request.headers);
    try {
      Object.assign(headers, (await enforceWindow("pix-notice", clientAddress)).headers);
      const body = await readBodyUpTo(request, MAX_BODY_BYTES);
      const results = await receivePixNotice(await getDb(), { body, headers: request.headers });
      return jsonResponse({ success: true, received: results.length }, 200, headers);
    } catch (error) {
      await logIfRefusedNotice(error, { requestId, clientAddress });
      const failure =
        error instanceof PixNoticeNotAuthenticError
          ? new ApiError("NOTICE-NOT-AUTHENTIC", { message: error.message })
          : error instanceof PixNoticeMalformedError
            ? new ApiError("INVALID-FORM-FIELD", { message: error.message, properties: error.properties })
            : error;
      return errorToResponse(failure, requestId, headers, "pixWebhook");
    }
  },
});
