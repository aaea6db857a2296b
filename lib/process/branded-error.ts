const BRANDS = Symbol.for("broker-portal.error-brands");

type Branded = { [BRANDS]?: readonly string[] };
type BrandedClass = { readonly brand: string };

/**
 * The base of every error class of the project. `instanceof` on a class compares prototypes, and
 * each bundle of the production build has its own copy of the class: an ApiError thrown by a copy
 * loaded by the portal's bundle is not `instanceof` the API bundle's ApiError (so it was answered
 * 500). Here each instance carries the brand names of its class chain under a `Symbol.for` key,
 * and `instanceof` reads them, so any copy of a class recognises instances made by any other.
 *
 * Every subclass declares its own unique `static readonly brand` (enforced at construction and by
 * lib/process/architecture.test.ts).
 */
export class BrandedError extends Error {
  static readonly brand: string = "BrandedError";

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    const brands: string[] = [];
    for (let c: unknown = new.target; c && c !== Error; c = Object.getPrototypeOf(c)) {
      if (!Object.hasOwn(c as object, "brand")) {
        throw new TypeError(`${(c as { name: string }).name} must declare its own static readonly brand`);
      }
      brands.push((c as BrandedClass).brand);
    }
    Object.defineProperty(this, BRANDS, { value: Object.freeze(brands) });
    this.name = (new.target as unknown as BrandedClass).brand;
  }

  static [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    if (typeof value !== "object" || value === null) return false;
    const brands = (value as Branded)[BRANDS];
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof, often a subclass
    return Array.isArray(brands) && brands.includes((this as unknown as BrandedClass).brand);
  }
}
