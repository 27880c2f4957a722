package dev.dartasync.testing;

import dev.dartasync.Dart;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The dart-async-core artifact of the running build, as {@code mvn install} would publish it: its
 * jar, its pom, the parent pom it inherits from, and the version.
 *
 * @param coreJar the jar Maven built ({@code mvn verify}), or one made from
 *     {@code target/classes} when the tests run before packaging ({@code mvn test}, an IDE)
 */
public record ThisBuild(String version, Path coreJar, Path corePom, Path parentPom) {

  private static final Pattern PARENT_VERSION =
      Pattern.compile("<artifactId>dart-async-parent</artifactId>\\s*<version>([^<]+)</version>");

  /** Finds the artifact through the class path; a jar made from classes goes into {@code workDir}. */
  public static ThisBuild locate(Path workDir) throws IOException {
    Path classes = codeSource();
    Path coreDir = classes.getParent().getParent(); // <core>/target/{classes | the jar}
    Path corePom = requireFile(coreDir.resolve("pom.xml"), "<artifactId>dart-async-core</artifactId>");
    Path parentPom =
        requireFile(
            coreDir.getParent().resolve("pom.xml"), "<artifactId>dart-async-parent</artifactId>");
    Matcher version = PARENT_VERSION.matcher(Files.readString(parentPom));
    if (!version.find()) {
      throw new IllegalStateException("no version in " + parentPom);
    }
    Path jar =
        Files.isDirectory(classes)
            ? jarOf(classes, workDir.resolve("dart-async-core.jar"))
            : classes;
    return new ThisBuild(version.group(1), jar, corePom, parentPom);
  }

  private static Path codeSource() {
    try {
      return Path.of(Dart.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path requireFile(Path file, String mustContain) throws IOException {
    if (!Files.isRegularFile(file) || !Files.readString(file).contains(mustContain)) {
      throw new IllegalStateException(file + " is not the pom with " + mustContain);
    }
    return file;
  }

  /** A plain jar of {@code classes}, for runs before Maven's package phase. */
  private static Path jarOf(Path classes, Path jar) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream zip = new JarOutputStream(out)) {
      for (Path file : files) {
        zip.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, zip);
        zip.closeEntry();
      }
    }
    return jar;
  }
}
