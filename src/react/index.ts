/**
 * wp-entities/react: React bindings over a `RootStore`. Components that use these hooks are
 * `observer`s (re-exported here from mobx-react-lite) and re-render only for what they read.
 *
 * @packageDocumentation
 */
export { observer } from 'mobx-react-lite';
export { StoreProvider, useStore, type StoreProviderProps } from './StoreProvider.js';
export { useEntityRecord, type EntityRecordHandle, type UseEntityRecordOptions } from './useEntityRecord.js';
export {
  useEntityRecords,
  type EntityRecordsHandle,
  type UseEntityRecordsOptions,
} from './useEntityRecords.js';
export { useEntityProp, type EditedField } from './useEntityProp.js';
export { usePeers } from './usePeers.js';
export {
  useSuspenseEntityRecord,
  type SuspenseEntityRecordHandle,
  type UseSuspenseEntityRecordOptions,
} from './useSuspenseEntityRecord.js';
export { useSuspenseEntityRecords, type SuspenseEntityRecordsHandle } from './useSuspenseEntityRecords.js';
export {
  useInfiniteEntityRecords,
  type InfiniteEntityRecordsHandle,
  type UseInfiniteEntityRecordsOptions,
} from './useInfiniteEntityRecords.js';
