/**
 * The partner API's version: the OpenAPI document's `info.version`, `/api/health`'s `version` and
 * what /docs shows. docs/changelog.md has one section per version (a test keeps them in step).
 * Semantic versioning: a field, header or endpoint added is a minor version; anything removed or
 * changed incompatibly waits for a new path version (`v2`) and is announced with `Deprecation`.
 */
export const API_VERSION = "1.7.0";
