package io.hbench.cli;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes a class file names in its constant pool (every class whose methods or fields it
 * uses, that it extends, creates or casts to), read as the JVM reads it (JVMS 4.4): what the class
 * loads from somewhere when it runs.
 */
final class ClassReferences {

  private ClassReferences() {}

  /** The internal names ({@code org/apache/hadoop/fs/Path}) of the classes {@code classFile} names. */
  static List<String> of(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> classNames = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNames.add(in.readUnsignedShort());
        case 8, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++; // a long or double takes two entries
        }
        default -> throw new IOException("constant pool tag " + tag + " at entry " + i);
      }
    }
    List<String> out = new ArrayList<>();
    for (int index : classNames) {
      String name = utf8[index].replaceFirst("^\\[+", "");
      if (name.startsWith("L") && name.endsWith(";")) {
        name = name.substring(1, name.length() - 1);
      } else if (name.length() == 1) {
        continue; // an array of a primitive type
      }
      out.add(name);
    }
    return out;
  }
}
