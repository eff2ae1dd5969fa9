export { api, ApiError, API_BASE, FALLBACK_MESSAGE, failureMessage, type ApiInit } from './client';
