/** The samples' contract: the sample, its types, its blocks and their per-type schemas. */
export * from './types';
export * from './blocks';
export * from './block-schemas';
export * from './sample';
export * from './descriptor';
export * from './descriptors';
export * from './review';
