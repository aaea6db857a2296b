// /api itself: JSON 404 like any address under /api that no route serves, never Next's HTML page.
import { notFoundRoutes } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoutes;
