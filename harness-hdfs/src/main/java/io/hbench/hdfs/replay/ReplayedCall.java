package io.hbench.hdfs.replay;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;

/**
 * The audit log's commands that the {@code FileSystem} API can make, each as the one call that
 * makes the NameNode log the same command again: Dynamometer's fourteen, and listStatus as one
 * page (one {@code getListing}, which is what each listStatus line of the log was), getAclStatus,
 * setAcl, removeAcl, truncate, getStoragePolicy. A command not here is counted as unsupported by
 * name, never dropped silently.
 *
 * <p>A call returns false when its target was not there (a missing file, a rename or delete that
 * found nothing): the command is then invalid, counted by type, as Dynamometer counts it.
 */
enum ReplayedCall {
  APPEND("append") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.append(src).close();
      return true;
    }
  },
  CREATE("create") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.create(src, true).close();
      return true;
    }
  },
  GETFILEINFO("getfileinfo") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.getFileStatus(src);
      return true;
    }
  },
  CONTENT_SUMMARY("contentSummary") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.getContentSummary(src);
      return true;
    }
  },
  MKDIRS("mkdirs") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      return fs.mkdirs(src, permission(c, FsPermission.getDirDefault()));
    }
  },
  RENAME("rename") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      return fs.rename(src, dst);
    }
  },
  /** rename with options ({@code rename (options=[OVERWRITE])}): HDFS's rename2. */
  RENAME_OVERWRITE("rename (options=[OVERWRITE])") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      if (!(fs instanceof DistributedFileSystem dfs)) {
        throw new UnsupportedOperationException("rename with options on " + fs.getScheme());
      }
      dfs.rename(src, dst, Options.Rename.OVERWRITE);
      return true;
    }
  },
  LIST_STATUS("listStatus") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      if (fs instanceof DistributedFileSystem dfs) {
        // One page, one getListing: each page of a long listing is its own line in the log.
        return dfs.getClient().listPaths(dfs.makeQualified(src).toUri().getPath(),
            HdfsFileStatus.EMPTY_NAME) != null;
      }
      fs.listStatus(src);
      return true;
    }
  },
  DELETE("delete") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      return fs.delete(src, true);
    }
  },
  OPEN("open") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.open(src).close();
      return true;
    }
  },
  SET_PERMISSION("setPermission") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.setPermission(src, permission(c, new FsPermission((short) 0644)));
      return true;
    }
  },
  SET_OWNER("setOwner") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      String[] p = c.perm() == null ? new String[0] : c.perm().split(":", 3);
      fs.setOwner(src, p.length == 3 ? p[0] : null, p.length == 3 ? p[1] : null);
      return true;
    }
  },
  SET_TIMES("setTimes") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.setTimes(src, System.currentTimeMillis(), -1);
      return true;
    }
  },
  SET_REPLICATION("setReplication") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      // The log does not say the factor: the file system's default, which moves no blocks.
      return fs.setReplication(src, fs.getDefaultReplication(src));
    }
  },
  CONCAT("concat") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      throw new IllegalStateException("concat is made by its own paths");
    }
  },
  GET_ACL_STATUS("getAclStatus") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.getAclStatus(src);
      return true;
    }
  },
  SET_ACL("setAcl") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      // The log keeps no entries: the permission's own, which changes nothing but is a setAcl.
      FsPermission p = permission(c, new FsPermission((short) 0644));
      fs.setAcl(src, AclEntry.parseAclSpec("user::" + p.getUserAction().SYMBOL + ",group::"
          + p.getGroupAction().SYMBOL + ",other::" + p.getOtherAction().SYMBOL, true));
      return true;
    }
  },
  REMOVE_ACL("removeAcl") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.removeAcl(src);
      return true;
    }
  },
  TRUNCATE("truncate") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.truncate(src, 0);
      return true;
    }
  },
  GET_STORAGE_POLICY("getStoragePolicy") {
    @Override
    boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException {
      fs.getStoragePolicy(src);
      return true;
    }
  };

  /** The command as the audit log names it. */
  final String command;

  ReplayedCall(String command) {
    this.command = command;
  }

  /** Makes the call; false when its target was not there. */
  abstract boolean make(FileSystem fs, Path src, Path dst, AuditCommand c) throws IOException;

  /**
   * Makes the command's call: false (invalid) when its target was missing, whether the call said
   * so or threw {@link FileNotFoundException}.
   */
  boolean replay(FileSystem fs, Path src, Path dst, Path[] sources, AuditCommand c)
      throws IOException {
    try {
      if (this == CONCAT) {
        fs.concat(dst, sources);
        return true;
      }
      return make(fs, src, dst, c);
    } catch (FileNotFoundException e) {
      return false;
    }
  }

  private static final Map<String, ReplayedCall> BY_COMMAND = new TreeMap<>();

  static {
    for (ReplayedCall r : values()) {
      BY_COMMAND.put(r.command, r);
    }
  }

  /** The call of {@code command}, or null when none can make it. */
  static ReplayedCall of(String command) {
    return BY_COMMAND.get(command);
  }

  /** The commands replayed, as the audit log names them. */
  static List<String> commands() {
    return new ArrayList<>(BY_COMMAND.keySet());
  }

  /** Whether the command reads its source (which must be there for it to be valid). */
  boolean readsSource() {
    return this != CREATE && this != MKDIRS && this != CONCAT;
  }

  /** Whether the command moves its source to its destination. */
  boolean moves() {
    return this == RENAME || this == RENAME_OVERWRITE;
  }

  /** Whether the command's source is a directory by nature (a listing, a summary). */
  boolean wantsDirectory() {
    return this == LIST_STATUS || this == CONTENT_SUMMARY;
  }

  private static FsPermission permission(AuditCommand c, FsPermission otherwise) {
    if (c.perm() == null) {
      return otherwise;
    }
    String[] p = c.perm().split(":", 3);
    if (p.length < 3 || p[2].length() < 9) {
      return otherwise;
    }
    try {
      String bits = p[2].substring(p[2].length() - 9).toLowerCase(Locale.ROOT);
      return FsPermission.valueOf("-" + bits);
    } catch (IllegalArgumentException e) {
      return otherwise;
    }
  }
}
