/**
 * Stand-ins for the optional peers' types, for a project that has not installed the peer. Shipped as
 * dist/optional-peers.d.ts (scripts/build.mjs copies it); every declaration file that imports an optional
 * peer references it (`/// <reference path>`, written by the build), so it is in any program that could meet
 * such an import.
 *
 * These are wildcard module declarations, and TypeScript uses one only for a module it cannot resolve: where
 * mongoose is installed, `import { Connection } from 'mongoose'` is mongoose's own; where it is not, the
 * names are `unknown`, and src/batteries/db/peer-types.ts's `Installed<Peer, Shape>` picks the declared
 * shape. A plain `declare module 'mongoose'` would win over the installed package, and an unresolved import
 * would fail a consumer's compile (skipLibCheck: false) without an error-silencing directive. The `*` sits
 * inside the name so that it matches no other package. This file is a script (no import or export), so the
 * declarations are global, as ambient modules must be.
 */

declare module 'm*ongoose' {
  export type Connection = unknown;
  export type ConnectOptions = unknown;
  export type Model<T = unknown> = unknown;
  export type Schema<T = unknown> = unknown;
  export type SchemaDefinition = unknown;
}

declare module 's*equelize' {
  export type Options = unknown;
  export type Sequelize = unknown;
}
