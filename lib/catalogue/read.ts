import { ApiError } from "@/lib/http/errors";
import type { CatalogueItem, CatalogueProduct } from "@/lib/schemas/catalogue";
import { findCatalogueItem, listCatalogueProducts } from "./describe";

/** The catalogue endpoint's list (GET /api/v1/catalogue). */
export function readCatalogue(): { list: CatalogueProduct[] } {
  return { list: listCatalogueProducts() };
}

/** One product's questions (GET /api/v1/catalogue/{operationCode}); PRODUCT-NOT-FOUND otherwise. */
export function readCatalogueProduct(operationCode: string): { item: CatalogueItem } {
  const item = findCatalogueItem(operationCode);
  if (!item) throw new ApiError("PRODUCT-NOT-FOUND", { properties: ["operationCode"] });
  return { item };
}
