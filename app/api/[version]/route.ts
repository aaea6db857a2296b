// Any /api address no route serves: JSON 404 (unknown version or path), never Next's HTML page.
import { notFoundRoutes } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoutes;
