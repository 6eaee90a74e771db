import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { modelLicenceSchema } from '@nocturne/contract/models/list-models';
import { parseModelCatalog } from '@nocturne/imagegen/model-catalog/load-model-catalog';
import { CATALOG } from '@nocturne/imagegen/models/catalog';
import { ensurePreviewModel } from '@nocturne/imagegen/preview/ensure-preview-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInstalledModelDetails } from './installed-model-details';
import { licenceView } from './licence-view';

describe('licenceView', () => {
  let modelsDir: string;
  beforeAll(async () => {
    modelsDir = await mkdtemp(path.join(tmpdir(), 'nocturne-licence-view-'));
    // The preview's files under the name and licence of the catalog's SD-Turbo, as a pull leaves them.
    const name = await ensurePreviewModel(modelsDir);
    const manifestPath = path.join(modelsDir, name, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
    manifest.licence = CATALOG.get('sd-turbo')!.licence;
    await writeFile(manifestPath, JSON.stringify(manifest));
  });
  afterAll(() => rm(modelsDir, { recursive: true, force: true }));

  it("carries an installed model's licence conditions to GET /models", async () => {
    const catalog = parseModelCatalog({
      models: [{ id: 'turbo', name: 'Turbo', backend: 'onnx', model: 'preview' }],
    });
    const [turbo] = (await withInstalledModelDetails(catalog, modelsDir)).models;
    const view = modelLicenceSchema.parse(licenceView(turbo!.licence));
    expect(view).toMatchObject({
      name: 'Stability AI Community License (SD-Turbo); MIT (TAESD)',
      commercial_use: true,
    });
    expect(view.conditions).toEqual(CATALOG.get('sd-turbo')!.licence.conditions);
    expect(view.conditions?.join(' ')).toMatch(
      /USD 1,000,000.*registered.*Powered by Stability AI/,
    );
  });

  it('takes conditions from the operator catalog, and sends none where the licence states none', () => {
    const catalog = parseModelCatalog({
      models: [
        {
          id: 'a',
          name: 'A',
          backend: 'preview',
          licence: { name: 'L', commercialUse: true, conditions: ['Show a credit.'] },
        },
        { id: 'b', name: 'B', backend: 'preview', licence: { name: 'M', commercialUse: false } },
      ],
    });
    expect(licenceView(catalog.models[0]!.licence)).toEqual({
      name: 'L',
      url: null,
      commercial_use: true,
      conditions: ['Show a credit.'],
    });
    expect(licenceView(catalog.models[1]!.licence)).toEqual({
      name: 'M',
      url: null,
      commercial_use: false,
    });
    expect(licenceView(undefined)).toBeNull();
  });
});
