#!/usr/bin/env node
// Installed as the `nocturne-models` bin: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
