import { runModelsCli } from './models-cli';

try {
  process.exitCode = await runModelsCli(process.argv.slice(2));
} catch (error) {
  console.error(`nocturne-models: ${(error as Error).message}`);
  process.exitCode = 1;
}
