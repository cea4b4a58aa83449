/**
 * Another language's messages: the English tree's shape with every leaf a string, so a key
 * missing (or left over) in a translation is a type error.
 */
export type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };
