// The fake images API's own process (bench/fake-images-api-process.ts starts it): it tells its
// parent its address once listening, then each request it has answered, timed on the wall clock.
import { startFakeImagesApi } from '../test/start-fake-images-api';

const api = await startFakeImagesApi();
const send = (message: unknown) => process.send?.(message);
const wallClock = (at: number) => performance.timeOrigin + at;
let reported = 0;
// Each answer is reported once it has gone out ('finish'), at the next turn: never in its way.
setInterval(() => {
  const served = api.served();
  for (; reported < served.length; reported += 1) {
    const request = served[reported]!;
    send({
      served: {
        prompt: request.prompt,
        receivedAt: wallClock(request.receivedAt),
        answeredAt: wallClock(request.answeredAt),
      },
    });
  }
}, 20).unref();
process.on('disconnect', () => void api.stop().then(() => process.exit(0)));
send({ url: api.url });
