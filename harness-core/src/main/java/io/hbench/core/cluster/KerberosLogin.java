package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Logs this process in to a kerberized cluster before anything of it is asked, through Hadoop's
 * own {@link UserGroupInformation}: from a keytab ({@code --principal} and {@code --keytab}, the
 * settings {@value #PRINCIPAL} and {@value #KEYTAB}), or from the ticket cache {@code kinit} left.
 * The login is the process's: an embedding tool shares it.
 *
 * <p>A login that cannot succeed is bad input, said in one line before anything is created.
 */
@Internal
public final class KerberosLogin {

  /** The principal to log in as from {@link #KEYTAB} ({@code --principal}). */
  public static final String PRINCIPAL = "hbench.kerberos.principal";

  /** The keytab of {@link #PRINCIPAL} ({@code --keytab}). */
  public static final String KEYTAB = "hbench.kerberos.keytab";

  private KerberosLogin() {}

  /**
   * Whether the run was given a principal and its keytab; checked before any cluster is asked.
   *
   * @throws InvalidInputException when one is given without the other, or the keytab cannot be
   *     read
   */
  static boolean given(Configuration conf) {
    String principal = conf.getTrimmed(PRINCIPAL);
    String keytab = conf.getTrimmed(KEYTAB);
    if ((principal == null) != (keytab == null)) {
      throw new InvalidInputException(
          "--principal and --keytab go together: give both, or neither to use kinit's ticket");
    }
    if (keytab != null && !Files.isReadable(Path.of(keytab))) {
      throw new InvalidInputException("--keytab " + keytab + ": no such readable file");
    }
    return principal != null;
  }

  /** Whether {@code conf} says the cluster authenticates with Kerberos. */
  static boolean kerberized(Configuration conf) {
    return "kerberos".equalsIgnoreCase(conf.getTrimmed("hadoop.security.authentication", "simple"));
  }

  /**
   * Logs in as {@code conf} asks, when the cluster is kerberized; does nothing otherwise.
   *
   * @throws InvalidInputException as {@link #given}, and when a principal is given for a cluster
   *     that is not kerberized, its keytab does not hold it, or a kerberized cluster is to be used
   *     with no ticket at all
   */
  static void login(Configuration conf) {
    boolean keytabLogin = given(conf);
    String principal = conf.getTrimmed(PRINCIPAL);
    String keytab = conf.getTrimmed(KEYTAB);
    if (!kerberized(conf)) {
      if (keytabLogin) {
        throw new InvalidInputException(
            "--principal given, but hadoop.security.authentication is '"
                + conf.getTrimmed("hadoop.security.authentication", "simple")
                + "': point HADOOP_CONF_DIR or --conf at the kerberized cluster's configuration");
      }
      return;
    }
    Configuration c = new Configuration(conf);
    // Runs last hours: a keytab login renews itself instead of expiring mid-sweep.
    ClusterConfiguration.setUnlessGiven(c, "hadoop.kerberos.keytab.login.autorenewal.enabled", "true");
    UserGroupInformation.setConfiguration(c);
    try {
      if (keytabLogin) {
        UserGroupInformation.loginUserFromKeytab(principal, keytab);
      }
      if (!UserGroupInformation.getLoginUser().hasKerberosCredentials()) {
        throw new InvalidInputException(
            "the cluster uses Kerberos (hadoop.security.authentication=kerberos) and this process"
                + " has no ticket: run kinit, or give --principal and --keytab");
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidInputException(
          "Kerberos login "
              + (keytabLogin ? "of " + principal + " from " + keytab : "from the ticket cache")
              + " failed: " + ConfiguredCluster.rootMessage(e)
              + (keytabLogin ? " (does the keytab hold that principal? klist -kt " + keytab + ")" : ""));
    }
  }

  /**
   * How the run authenticates, for the environment: {@code kerberos} with the principal logged
   * in, or {@code simple} with the user name sent.
   */
  static Identity identity() {
    String mode = UserGroupInformation.isSecurityEnabled() ? "kerberos" : "simple";
    try {
      UserGroupInformation user = UserGroupInformation.getLoginUser();
      return new Identity(
          mode, mode.equals("kerberos") ? user.getUserName() : user.getShortUserName());
    } catch (IOException e) {
      return new Identity(mode, null);
    }
  }

  /** An authentication mode and the user (or principal) it sends. */
  record Identity(String mode, String user) {}
}
