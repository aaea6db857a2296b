// GET /api/documents/{id}?expires=…&signature=…: a generated PDF behind a signed, expiring link (no API key).
import { getDb } from "@/db/index";
import { apiRoute } from "@/lib/api/route-methods";
import { errorToResponse } from "@/lib/api/with-api";
import { documentResponse, renderSignedDocument } from "@/lib/documents/render";
import { clientIp } from "@/lib/http/client-address";
import { requestIdOf } from "@/lib/http/request-id";
import { enforceWindow } from "@/lib/rate-limit";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: async (request, context) => {
    const requestId = requestIdOf(request.headers);
    const headers = { "X-Request-Id": requestId };
    try {
      Object.assign(headers, (await enforceWindow("document", clientIp(request.headers))).headers);
      const { id } = await context.params;
      const { searchParams } = new URL(request.url);
      const db = await getDb();
      const document = await renderSignedDocument(
        db,
        String(id),
        searchParams.get("expires"),
        searchParams.get("signature"),
      );
      return documentResponse(document, headers);
    } catch (error) {
      return errorToResponse(error, requestId, headers, "getDocument");
    }
  },
});
