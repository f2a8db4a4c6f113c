import { useRouter } from '@kit/kit-react';
import { useState } from 'react';
import { callApi, type ApiAnswer } from './call-api.js';

/** What a form or button that calls the API needs: whether a call is running, its problem, and the call. */
export interface ApiAction {
  readonly busy: boolean;
  /** The `detail` of the last call's problem, for a `role="alert"` message; null while a call runs and after a success. */
  readonly problem: string | null;
  /** Calls the API; after a success (any 2xx, such as 200 or 201) the page's loaders run again, so it shows the change. */
  run<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<ApiAnswer<T>>;
}

/** The state of an action that calls this app's JSON API from the browser, as every form of the app does. */
export function useApiAction(): ApiAction {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    busy,
    problem,
    run: async <T,>(method: 'POST' | 'PATCH', path: string, body: unknown) => {
      // A new attempt starts clean: the previous problem would otherwise stay beside the new outcome.
      setProblem(null);
      setBusy(true);
      const answer = await callApi<T>(method, path, body);
      setBusy(false);
      setProblem(answer.problem);
      if (answer.problem === null) await router.refresh();
      return answer;
    },
  };
}
