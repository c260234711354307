/** Ids shared by the prerendered document and the browser entry. */
export const PAGE_SCRIPT_ID = '__VITRINA_PAGE__';
export const APP_ROOT_ID = 'vd-app';
/** The location the not-found page is prerendered (and hydrated) with. */
export const NOT_FOUND_PATH = '/404';
/** The shell of the manifest: the one URL without a content hash (fetched again after a redeploy). */
export const MANIFEST_URL = '/manifest.json';
