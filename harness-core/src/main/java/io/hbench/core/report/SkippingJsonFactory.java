package io.hbench.core.report;

import io.hbench.thirdparty.jackson.core.JsonFactory;
import io.hbench.thirdparty.jackson.core.JsonParseException;
import io.hbench.thirdparty.jackson.core.JsonParser;
import io.hbench.thirdparty.jackson.core.JsonToken;
import io.hbench.thirdparty.jackson.core.io.IOContext;
import io.hbench.thirdparty.jackson.core.json.UTF8StreamJsonParser;
import java.io.IOException;

/**
 * Parsers of a record's line that can step over an object or array by its bytes alone
 * ({@link #skip}), without tokenizing it: a server's configuration (a quarter of a record, the
 * same run after run) is then only looked up by its bytes, and a daemon's series kept as bytes
 * until a chart asks for it. Everything else parses as Jackson's own UTF-8 parser does.
 */
final class SkippingJsonFactory extends JsonFactory {

  private static final long serialVersionUID = 1L;

  @Override
  protected JsonParser _createParser(byte[] data, int offset, int len, IOContext ctxt)
      throws IOException {
    return new Parser(ctxt, _parserFeatures, _objectCodec,
        _byteSymbolCanonicalizer.makeChild(_factoryFeatures), data, offset, offset + len);
  }

  /**
   * Where {@code p} stands at the start of an object or array (its current token): steps over
   * it to its end (the current token becomes its END_OBJECT or END_ARRAY, as after {@code
   * skipChildren}) and returns its bytes' range in the line and their hash, {@code {start, end,
   * hash}} (the hash as {@link java.util.Arrays#hashCode(byte[])} of the range); or null when
   * {@code p} cannot do that (it then has not moved). Strings are stepped over with their
   * escapes; what the value holds is not checked, the caller parses the bytes when it needs
   * them. With {@code numbersOnly}, an array holding anything but numbers and nulls is refused.
   */
  static int[] skip(JsonParser p, boolean numbersOnly) throws IOException {
    return p instanceof Parser s ? s.skip(numbersOnly) : null;
  }

  /** Where {@code p}, a parser of this factory, has read to in its bytes. */
  static int position(JsonParser p) {
    return ((Parser) p).position();
  }

  /** The offset of the first byte of {@code bytes[from, to)} that is not white space, or to. */
  static int nextValue(byte[] bytes, int from, int to) {
    int i = from;
    while (i < to && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t')) {
      i++;
    }
    return i;
  }

  private static final class Parser extends UTF8StreamJsonParser {

    Parser(IOContext ctxt, int features, io.hbench.thirdparty.jackson.core.ObjectCodec codec,
        io.hbench.thirdparty.jackson.core.sym.ByteQuadsCanonicalizer names, byte[] data, int start,
        int end) {
      super(ctxt, features, null, codec, names, data, start, end, false);
    }

    int position() {
      return _inputPtr;
    }

    int[] skip(boolean numbersOnly) throws IOException {
      JsonToken t = _currToken;
      int start = _inputPtr - 1;
      if ((t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) || start < 0
          || _inputBuffer[start] != (t == JsonToken.START_OBJECT ? '{' : '[')
          || (numbersOnly && t != JsonToken.START_ARRAY)) {
        return null;
      }
      byte[] b = _inputBuffer;
      int end = _inputEnd;
      int depth = 1;
      int hash = 31 + b[start];
      boolean inString = false;
      for (int i = _inputPtr; i < end; i++) {
        byte c = b[i];
        hash = 31 * hash + c;
        if (inString) {
          if (c == '\\' && i + 1 < end) {
            hash = 31 * hash + b[++i];
          } else if (c == '"') {
            inString = false;
          }
        } else if (numbersOnly && !NUMBER[c & 0xff]) {
          throw new JsonParseException(this, "a list of numbers was expected");
        } else if (c == '"') {
          inString = true;
        } else if (c == '{' || c == '[') {
          depth++;
        } else if ((c == '}' || c == ']') && --depth == 0) {
          _inputPtr = i + 1;
          _parsingContext = _parsingContext.clearAndGetParent();
          _currToken = c == '}' ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
          return new int[] {start, i + 1, hash};
        }
      }
      throw new JsonParseException(this, "the record ends inside an object or array");
    }

    /** The bytes of a JSON array of numbers and nulls, as far as one byte tells. */
    private static final boolean[] NUMBER = new boolean[256];

    static {
      for (char c : "0123456789.,-+eE ]nul\t\n\r".toCharArray()) {
        NUMBER[c] = true;
      }
    }
  }
}
