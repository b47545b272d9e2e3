import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Letters, Word, Words } from './dictionary/screens.tsx';
import './style.css';

const route = () => location.hash.slice(2).split('/').map(decodeURIComponent);

function App() {
  const [parts, setParts] = useState(route);
  useEffect(() => {
    const onHash = () => setParts(route());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  const [page, arg] = parts;
  return (
    <>
      <header>
        <a href="#/" class="brand">खोज</a> <span>नेपाली शब्दकोश</span>
      </header>
      <main>{page === 'letter' && arg ? <Words letter={arg} /> : page === 'word' && arg ? <Word word={arg} /> : <Letters />}</main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
