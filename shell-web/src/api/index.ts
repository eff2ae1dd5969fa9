export { api, ApiError, API_BASE, FALLBACK_MESSAGE, type ApiInit } from './client';
