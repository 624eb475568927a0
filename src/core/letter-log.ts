/**
 * Letters (ASCII) appended one at a time and read back as one string, a byte each. A string grown a
 * letter at a time costs a V8 cons-string node (some 32 bytes) per letter until it is read; this keeps
 * a record of millions of letters, such as an Aveiro game's ticks, in as many bytes.
 */
export class LetterLog {
  private bytes = new Uint8Array(256);
  /** Letters appended so far. */
  length = 0;

  push(letter: string): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = letter.charCodeAt(0);
  }

  toString(): string {
    return new TextDecoder().decode(this.bytes.subarray(0, this.length));
  }
}
