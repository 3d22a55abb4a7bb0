# Desktop integration and the Debian package (issue 7):
#   cmake --install BUILD [--prefix P]   installs the binary, the .desktop file, the hicolor SVG
#                                        icon, the MIME type of *.softmaxlab.json, the lessons and
#                                        docs/MATH.md
#   cpack -G DEB (in BUILD)              builds softmaxlab_<version>_<arch>.deb; scripts/package.sh
#                                        builds it and smoke-tests the installed program
include(GNUInstallDirs)

install(FILES resources/desktop/io.github.softmaxlab.SoftmaxLab.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES resources/icons/softmaxlab.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES resources/desktop/softmaxlab-mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
# The derivations the lessons and the app's notes cite ("MATH.md §4"), and the README.
install(FILES docs/MATH.md README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/softmaxlab)
install(DIRECTORY resources/scenarios/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/softmaxlab/scenarios
        FILES_MATCHING PATTERN "*.softmaxlab.json" PATTERN "README.md")

set(CPACK_PACKAGE_NAME softmaxlab)
set(CPACK_PACKAGE_VENDOR "SoftmaxLab")
set(CPACK_PACKAGE_CONTACT "SoftmaxLab maintainers <maintainers@softmaxlab.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "/usr")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The library dependencies come from the binary (dpkg-shlibdeps): Qt 6, QCustomPlot, libgomp.
# qt6-qpa-plugins gives the xcb platform plugin the window needs; the SVG image plugin draws the icon.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Teaching lab for the softmax of transformer attention\n Shows, live, why attention weights are softmax(q.k/sqrt(d_k)): as the\n precision weights of a Gaussian maximum-likelihood estimate, and as the\n maximum-entropy distribution under a similarity constraint. Includes\n lesson scenarios (2-D figure, sqrt(d_k), temperature, iris, digits).")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/softmaxlab/softmaxlab")
include(CPack)
