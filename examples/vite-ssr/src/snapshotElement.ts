/** The id of the script element that carries the store's snapshot from the server to the client. */
export const SNAPSHOT_ELEMENT_ID = 'wp-entities-snapshot';
