/** For an empty list of runs: the command that fills it must store into this server's database. */
export function SameDatabase() {
  return (
    <>
      {' '}
      Run it on this server&apos;s machine with the same <code>GRIDMIND_DB</code> as the server (if it was given one), so that the run is
      stored where this page reads.
    </>
  );
}
