import { useState } from 'react';
import { ServerOnly } from '@kit/kit-react';
import { ServerReport } from '../components/server-report.js';
import styles from './home.module.css';

export default function HomePage() {
  const [count, setCount] = useState(0);
  return (
    <>
      <title>Home - Fixture tickets</title>
      <h1>Welcome to the fixture</h1>
      <p className={styles.lead}>A small app that uses every route convention of kit.</p>
      <button type="button" className={styles.counter} onClick={() => setCount((value) => value + 1)}>
        Clicked {count} times
      </button>
      <ServerOnly>
        <ServerReport />
      </ServerOnly>
    </>
  );
}
