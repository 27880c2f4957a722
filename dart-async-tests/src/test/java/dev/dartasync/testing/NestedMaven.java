package dev.dartasync.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A Maven build of another project, started from a test through {@link ChildProcess} (so it has a
 * timeout that fires), as a newcomer starts it: on the machine's default {@code java} (the first
 * on {@code PATH}) with no {@code JAVA_HOME}, unless a test names a JDK ({@link #runOnJdk}). Here
 * that default is 17, older than the library: the project itself must find a JDK 21+ (its
 * toolchains plugin does), exactly as README's minimal pom has to on a user's machine.
 *
 * <p>It gets a local repository of its own (a temporary folder), so that what a test stages there
 * (this build's artifacts, see {@link #install}) never touches the user's {@code ~/.m2}, and two
 * builds running at once do not see each other's files. To stay fast and work without a network
 * for anything this build already used, the user's local repository (the outer build's
 * {@code settings.localRepository}, handed over by Surefire as {@code dartasync.maven.repo}) is
 * its first remote repository: artifacts are copied from disk, and only what is missing there
 * comes from Maven Central. The user's own settings.xml is not read (a mirror of everything would
 * redirect that file repository too), so a machine that reaches Central only through a mirror or
 * proxy needs the nested project's plugins in its local repository already.
 */
public final class NestedMaven {

  private final Path mvn;
  private final Path localRepository;
  private final Path settings;

  private NestedMaven(Path mvn, Path localRepository, Path settings) {
    this.mvn = mvn;
    this.localRepository = localRepository;
    this.settings = settings;
  }

  /**
   * The {@code mvn} launcher: the one running the outer build (Surefire hands its home over as
   * {@code dartasync.maven.home}), else the first on {@code PATH}; empty if there is none.
   */
  public static Optional<Path> findMvn() {
    String launcher = System.getProperty("os.name").startsWith("Windows") ? "mvn.cmd" : "mvn";
    Stream<Path> outer =
        Stream.ofNullable(System.getProperty("dartasync.maven.home"))
            .filter(home -> !home.isEmpty())
            .map(home -> Path.of(home, "bin"));
    Stream<Path> path =
        Stream.ofNullable(System.getenv("PATH"))
            .flatMap(p -> Stream.of(p.split(File.pathSeparator)))
            .filter(dir -> !dir.isEmpty())
            .map(Path::of);
    return Stream.concat(outer, path)
        .map(dir -> dir.resolve(launcher))
        .filter(Files::isExecutable)
        .findFirst();
  }

  /**
   * Prepares a nested Maven that runs {@code mvn} with its local repository in {@code workDir}
   * and the user's local repository as its first remote.
   */
  public static NestedMaven create(Path mvn, Path workDir) throws IOException {
    Path localRepository = Files.createDirectories(workDir.resolve("repository"));
    Path settings = workDir.resolve("settings.xml");
    Files.writeString(settings, settingsXml(userRepository().toUri().toString()));
    return new NestedMaven(mvn, localRepository, settings);
  }

  /** The outer build's local repository, else {@code ~/.m2/repository}. */
  static Path userRepository() {
    String outer = System.getProperty("dartasync.maven.repo");
    return outer == null || outer.isEmpty()
        ? Path.of(System.getProperty("user.home"), ".m2", "repository")
        : Path.of(outer);
  }

  /**
   * Puts an artifact into the nested build's local repository the way {@code mvn install} lays it
   * out: {@code pom} always, {@code jar} unless null (a pom-only artifact such as a parent).
   */
  public void install(String groupId, String artifactId, String version, Path pom, Path jar)
      throws IOException {
    Path dir =
        Files.createDirectories(
            localRepository.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version));
    String base = artifactId + "-" + version;
    Files.copy(pom, dir.resolve(base + ".pom"));
    if (jar != null) {
      Files.copy(jar, dir.resolve(base + ".jar"));
    }
  }

  /**
   * Runs {@code mvn -B -q <args>} in {@code projectDir} on the machine's default {@code java}:
   * {@code JAVA_HOME} removed, {@code PATH} as the test got it. Waits for it at most {@code
   * timeout}.
   */
  public ChildProcess.Result run(Path projectDir, Duration timeout, String... args)
      throws IOException, InterruptedException {
    return run(null, projectDir, timeout, args);
  }

  /**
   * Runs {@code mvn -B -q <args>} in {@code projectDir} with {@code JAVA_HOME=javaHome} (as a user
   * sets it for a goal that runs code inside Maven's own JVM, such as {@code exec:java}).
   */
  public ChildProcess.Result runOnJdk(
      Path javaHome, Path projectDir, Duration timeout, String... args)
      throws IOException, InterruptedException {
    return run(javaHome, projectDir, timeout, args);
  }

  private ChildProcess.Result run(Path javaHome, Path projectDir, Duration timeout, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(mvn.toString());
    command.addAll(
        List.of("-B", "-q", "-s", settings.toString(), "-Dmaven.repo.local=" + localRepository));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(projectDir.toFile());
    Map<String, String> env = builder.environment();
    if (javaHome == null) {
      env.remove("JAVA_HOME"); // mvn then runs the first java on PATH
    } else {
      env.put("JAVA_HOME", javaHome.toString());
    }
    env.put("MAVEN_SKIP_RC", "true"); // ~/.mavenrc may pick another JAVA_HOME
    // A short Maven run spends its time warming up: C1 alone halves it (10 s to 5 s here).
    env.put("MAVEN_OPTS", ("-XX:TieredStopAtLevel=1 " + env.getOrDefault("MAVEN_OPTS", "")).strip());
    return ChildProcess.run(builder, timeout);
  }

  /**
   * The user's local repository as a remote, before Central. Releases only (this build's snapshots
   * are staged locally: no snapshot metadata is ever looked up), checksums not required (a local
   * repository keeps them only for what came from a remote).
   */
  private static String settingsXml(String userRepositoryUrl) {
    String repository =
        """
            <id>user-local-repository</id>
            <url>%s</url>
            <releases><checksumPolicy>ignore</checksumPolicy></releases>
            <snapshots><enabled>false</enabled></snapshots>
        """
            .formatted(userRepositoryUrl);
    return """
        <settings>
          <profiles>
            <profile>
              <id>user-local-repository</id>
              <repositories><repository>
        %1$s      </repository></repositories>
              <pluginRepositories><pluginRepository>
        %1$s      </pluginRepository></pluginRepositories>
            </profile>
          </profiles>
          <activeProfiles><activeProfile>user-local-repository</activeProfile></activeProfiles>
        </settings>
        """
        .formatted(repository);
  }
}
